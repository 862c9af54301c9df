package game

import (
	"crypto/rand"
	"math/big"
)

// MaxDice is the most dice ever rolled at once (seed 000, 能力考验; seed 003).
const MaxDice = 8

// DieFaces are the faces of the game's dice: two blanks, two ones, two twos.
var DieFaces = [6]int{0, 0, 1, 1, 2, 2}

// Random rolls dice and shuffles tokens. The engine asks it only in Decide
// and writes the results into events, so replay never rolls again.
type Random interface {
	Intn(n int) int
}

// CryptoRandom draws from crypto/rand: nobody at the table can predict or
// bias a roll.
type CryptoRandom struct{}

// Intn returns a uniform number in [0, n).
func (CryptoRandom) Intn(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return int(v.Int64())
}

// RollDice rolls n dice and returns each face.
func RollDice(r Random, n int) []int {
	faces := make([]int, n)
	for i := range faces {
		faces[i] = DieFaces[r.Intn(len(DieFaces))]
	}
	return faces
}

// Distribution returns, for n dice, how many of the 3^n equally likely
// outcomes give each total 0..2n. Each die is 0, 1 or 2 with chance 1/3.
func Distribution(n int) []int64 {
	dist := []int64{1}
	for range n {
		next := make([]int64, len(dist)+2)
		for total, ways := range dist {
			for face := 0; face <= 2; face++ {
				next[total+face] += ways
			}
		}
		dist = next
	}
	return dist
}

// ChanceAtLeast is the exact chance that n dice plus bonus total target or
// more.
func ChanceAtLeast(n, bonus, target int) float64 {
	dist := Distribution(n)
	var good, all int64
	for total, ways := range dist {
		all += ways
		if total+bonus >= target {
			good += ways
		}
	}
	return float64(good) / float64(all)
}

// ChanceBelow is the exact chance that n dice total less than limit: the
// haunt roll starts the haunt when 6 dice total less than the omen count.
func ChanceBelow(n, limit int) float64 { return 1 - ChanceAtLeast(n, 0, limit) }

// Shuffle returns a random permutation of 1..n (Fisher–Yates).
func Shuffle(r Random, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i + 1
	}
	for i := n - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	return p
}
