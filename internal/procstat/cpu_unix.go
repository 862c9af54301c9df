//go:build unix

package procstat

import (
	"syscall"
	"time"
)

// CPU is the CPU time the process has used, user and system; 0 if the
// system won't say.
func CPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
