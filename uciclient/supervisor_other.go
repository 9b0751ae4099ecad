//go:build !linux

package uciclient

import "os/exec"

// Outside Linux an engine is the runner's own child, in a process group
// of its own (no child subreaper to keep its orphans below a supervisor).
type supervised struct{}

func engineCommand(cfg *Config, env []string) (*exec.Cmd, *supervised, func(), error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir, cmd.Env = cfg.Dir, env
	ownProcessGroup(cmd)
	return cmd, nil, func() {}, nil
}

func (*supervised) started() (int, error)       { return 0, nil }
func (*supervised) stop()                       {}
func (*supervised) release()                    {}
func (*supervised) wait(chan struct{})          {}
func (*supervised) endState() (exitState, bool) { return nil, false }
