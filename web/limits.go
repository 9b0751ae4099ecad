package web

import (
	"net"
	"sync"
)

// connLimit counts what is open, in all and by client address, against
// two bounds: on a network address one client must not use up the
// process's file descriptors or every other page's share.
type connLimit struct {
	mu              sync.Mutex
	total, perHost  int
	open            int
	byHost          map[string]int
	refusedTotal    int // refusals so far, for tests and messages
	refusedByClient int
}

func newConnLimit(total, perHost int) *connLimit {
	return &connLimit{total: total, perHost: perHost, byHost: map[string]int{}}
}

// take counts one more for host; false when a bound is reached.
func (l *connLimit) take(host string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.open >= l.total:
		l.refusedTotal++
		return false
	case l.byHost[host] >= l.perHost:
		l.refusedByClient++
		return false
	}
	l.open++
	l.byHost[host]++
	return true
}

func (l *connLimit) release(host string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byHost[host]--; l.byHost[host] <= 0 {
		delete(l.byHost, host)
	}
}

// clientHost is the host part of a remote address.
func clientHost(addr string) string {
	if h, _, err := net.SplitHostPort(addr); err == nil {
		return h
	}
	return addr
}

// LimitListener accepts at most total connections at once, and perHost
// from one client address; one past a bound is closed at once.
func LimitListener(ln net.Listener, total, perHost int) net.Listener {
	return &limitListener{Listener: ln, limit: newConnLimit(total, perHost)}
}

type limitListener struct {
	net.Listener
	limit *connLimit
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := clientHost(c.RemoteAddr().String())
		if !l.limit.take(host) {
			c.Close()
			continue
		}
		return &limitedConn{Conn: c, release: func() { l.limit.release(host) }}, nil
	}
}

type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
