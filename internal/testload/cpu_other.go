//go:build !unix

package testload

import (
	"errors"
	"time"
)

// processCPU: this system offers Go no process CPU clock.
func processCPU() (time.Duration, error) {
	return 0, errors.New("no process CPU clock on this system")
}
