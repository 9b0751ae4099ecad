//go:build !unix

package e2e

import "os/exec"

// Without process groups (Windows) the server alone is ended; the browser
// tests run on unix, this keeps the module building everywhere.
func ownGroup(*exec.Cmd)      {}
func askToEnd(cmd *exec.Cmd)  { _ = cmd.Process.Kill() }
func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
