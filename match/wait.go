package match

import "context"

// waitOr runs f, which may wait on a file that never answers (a FIFO
// without a writer or reader, a stuck network file system), and returns
// ctx's error as soon as ctx ends (SIGINT or SIGTERM), so that the
// runner stops; what f gives once it returns is handed to drop.
func waitOr[T any](ctx context.Context, f func() (T, error), drop func(T)) (T, error) {
	type result struct {
		v   T
		err error
	}
	ch := make(chan result, 1)
	go func() {
		v, err := f()
		ch <- result{v, err}
	}()
	select {
	case r := <-ch:
		return r.v, r.err
	case <-ctx.Done():
		go func() {
			if r := <-ch; r.err == nil && drop != nil {
				drop(r.v)
			}
		}()
		var zero T
		return zero, ctx.Err()
	}
}
