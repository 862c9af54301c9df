package game

import (
	"reflect"

	"lantern/internal/catalog"
)

// Card ids the tests name (the engine itself reads cards by their data).
const (
	ModCandle       = "candle"            // +1 die on event rolls
	ModMomentOfHope = "a-moment-of-hope"  // +1 die, heroes only
	ModDrip         = "drip-drip-drip"    // −1 die, never below 1
	ModAdrenaline   = "adrenaline-shot"   // +4 to the result, then discarded
	ModAngelFeather = "angel-feather"     // choose any result 0–8, then discarded
	ModMeantToBe    = "it-is-meant-to-be" // use the stored 4-dice result once
	ModLuckyStone   = "lucky-stone"       // reroll any dice once, then discarded
	ModRabbitsFoot  = "rabbits-foot"      // reroll one die
)

// GuidedRoll is the roll a card's or room's source asks for, as the phone
// sends it (guidedRollAction).
func GuidedRoll(r *catalog.Roll, source, purpose string) (Roll, bool) {
	return guidedRollAction(r, source, purpose)
}

// RefusalOf is a refusal as Options tells it (golden_test.go compares them).
var RefusalOf = refusalOf

// EventTypes is every event's data type by its type name.
func EventTypes() map[string]reflect.Type { return eventTypes }

// UnknownEvent is the data of an event of a type this build doesn't know.
func UnknownEvent(typ string) EventData { return unknownEvent(typ) }

// ActionTypes is every action's struct by its type name.
func ActionTypes() map[string]reflect.Type { return actions }
