package web

import (
	"testing"

	"lantern/internal/table"
)

// TestStreamsPerAddress: past 32 streams from one address (over many
// seats) the oldest is closed first.
func TestStreamsPerAddress(t *testing.T) {
	t.Parallel()
	ss := newLiveStreams()
	var all []*liveStream
	for i := range streamsPerAddress + 3 {
		ls := &liveStream{access: table.Access{Code: "ABCDE", Seat: i}, closed: make(chan struct{})}
		ss.add(ls, "192.0.2.7")
		all = append(all, ls)
	}
	for i, ls := range all {
		select {
		case <-ls.closed:
			if i >= 3 {
				t.Errorf("stream %d closed, only the 3 oldest should be", i)
			}
		default:
			if i < 3 {
				t.Errorf("stream %d (of the 3 oldest) still open", i)
			}
		}
	}
	// Another address is counted apart.
	other := &liveStream{access: table.Access{Code: "ABCDE", Seat: 99}, closed: make(chan struct{})}
	ss.add(other, "192.0.2.8")
	select {
	case <-other.closed:
		t.Error("a stream from another address was closed")
	default:
	}
	ss.remove(all[10])
	ss.remove(all[0]) // closed already: nothing to do
}
