package web

import (
	"sync"

	"lantern/internal/table"
)

// Stream limits: a phone opens one stream per page, a seat one or two
// phones (a second screen, a page left open); a table's worth of phones
// may share one address behind a NAT. A stream past a limit closes the
// oldest of its seat or address, and an address opening streams in a loop
// is refused past a burst (routes.go), so one phone gone wrong can't
// starve the other tables (lantern-load -flood: README, Measured).
const (
	streamsPerSeat    = 4
	streamsPerAddress = 32
	// New streams per address: a burst of 60, then 10 a second (a page
	// opens one when it loads or comes back into view).
	streamOpensBurst     = 60
	streamOpensPerSecond = 10
)

// liveStreams is every open event stream, by seat and address, for the
// limits.
type liveStreams struct {
	mu     sync.Mutex
	bySeat map[table.Access][]*liveStream
	byAddr map[string][]*liveStream
	addr   map[*liveStream]string
}

func newLiveStreams() *liveStreams {
	return &liveStreams{bySeat: map[table.Access][]*liveStream{},
		byAddr: map[string][]*liveStream{}, addr: map[*liveStream]string{}}
}

// add notes a new stream from addr, closing the oldest of its seat or
// address past the limits.
func (ss *liveStreams) add(ls *liveStream, addr string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.addr[ls] = addr
	ss.bySeat[ls.access] = append(ss.bySeat[ls.access], ls)
	ss.byAddr[addr] = append(ss.byAddr[addr], ls)
	for len(ss.bySeat[ls.access]) > streamsPerSeat {
		ss.dropLocked(ss.bySeat[ls.access][0])
	}
	for len(ss.byAddr[addr]) > streamsPerAddress {
		ss.dropLocked(ss.byAddr[addr][0])
	}
}

// remove forgets a stream that ended.
func (ss *liveStreams) remove(ls *liveStream) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if _, ok := ss.addr[ls]; ok {
		ss.dropLocked(ls)
	}
}

// dropLocked forgets ls and tells it to end.
func (ss *liveStreams) dropLocked(ls *liveStream) {
	addr := ss.addr[ls]
	delete(ss.addr, ls)
	ss.bySeat[ls.access] = without(ss.bySeat[ls.access], ls)
	if len(ss.bySeat[ls.access]) == 0 {
		delete(ss.bySeat, ls.access)
	}
	ss.byAddr[addr] = without(ss.byAddr[addr], ls)
	if len(ss.byAddr[addr]) == 0 {
		delete(ss.byAddr, addr)
	}
	close(ls.closed)
}

func without(list []*liveStream, ls *liveStream) []*liveStream {
	for i, x := range list {
		if x == ls {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}
