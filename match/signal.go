package match

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// interruptContext ends on Ctrl-C or SIGTERM.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
