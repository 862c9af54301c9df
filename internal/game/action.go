package game

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// Action is a request to change the game, as phones and the API send it.
// Each type of action is its own small struct, declared with its decide in
// its topic's file (StepTrait in traits.go, Roll in rolls.go…) and listed in
// that file's table of actions; the registry below gathers the tables, so
// decoding, the JSON API and the pages' forms all know an action by its
// type name. Seat fields are 1-based seat numbers in seating order.
type Action interface {
	// ActionType is the action's type name on the wire ("step_trait").
	ActionType() string
	// decide checks the action against the rules and returns the events
	// it causes, or why it is refused. It never changes s.
	decide(s *State, actor Actor) ([]Event, error)
}

// Basis is what every action carries besides its own fields: the game
// version the request was built on. When set, the action is refused if
// what it acts on changed since.
type Basis struct {
	Version *int `json:"version,omitempty"`
}

// stale reports whether an action built on its version missed a change made
// after it, as seen by the version of the thing it acts on.
func (b Basis) stale(changedAt int) bool { return b.Version != nil && *b.Version < changedAt }

// actions is every action type, by its type name, gathered from the
// topics' tables: each topic's file lists the actions it decides.
var actions = gatherActions(seatActions, traitActions, turnActions, rollActions, hauntActions,
	cardActions, effectActions, roomActions, attackActions, monsterActions)

// wireAction is every field any action has, as one struct: the first,
// strict pass of DecodeAction. It keeps the wire as it was when Action was
// one struct of every field: a field no action has is refused, and a field
// of another action is checked for its type and ignored.
var wireAction = wireStruct(actions)

func gatherActions(tables ...[]Action) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, t := range tables {
		for _, a := range t {
			typ := a.ActionType()
			if _, dup := out[typ]; dup {
				panic("game: two actions named " + typ)
			}
			out[typ] = reflect.TypeOf(a)
		}
	}
	return out
}

// ActionFields are an action struct's fields by their JSON names, each
// with its index path (a field of the embedded Basis is two deep).
func ActionFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out[name] = f
		}
	}
	return out
}

// WireFields are the JSON names and types of every field any action has.
func WireFields() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for name, f := range ActionFields(wireAction) {
		out[name] = f.Type
	}
	return out
}

// wireStruct builds wireAction.
func wireStruct(types map[string]reflect.Type) reflect.Type {
	return unionStruct([]reflect.StructField{{Name: "Type", Type: reflect.TypeFor[string](), Tag: `json:"type"`}}, types)
}

// unionStruct is one struct of head's fields and every field of types, for
// a strict first pass of decoding (wireAction, wireEvent). Two types giving
// one JSON name two Go types is a programming error.
func unionStruct(head []reflect.StructField, types map[string]reflect.Type) reflect.Type {
	fields := slices.Clone(head)
	seen := map[string]reflect.Type{}
	for _, f := range head {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		seen[name] = f.Type
	}
	for _, name := range slices.Sorted(maps.Keys(types)) {
		own := ActionFields(types[name])
		for _, jsonName := range slices.Sorted(maps.Keys(own)) {
			f := own[jsonName]
			if t, ok := seen[jsonName]; ok {
				if t != f.Type {
					panic(fmt.Sprintf("game: field %q is %v in %s and %v elsewhere", jsonName, f.Type, name, t))
				}
				continue
			}
			seen[jsonName] = f.Type
			fields = append(fields, reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag})
		}
	}
	return reflect.StructOf(fields)
}

// DecodeAction parses an action from JSON: its type names the struct it
// decodes into. Unknown fields are refused so a typo is reported instead of
// silently ignored.
func DecodeAction(raw []byte) (Action, error) {
	wire := reflect.New(wireAction)
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(wire.Interface()); err != nil || dec.More() {
		return nil, refuse(Invalid, "err_bad_json")
	}
	typ := wire.Elem().Field(0).String()
	a, err := NewAction(typ)
	if err != nil {
		return nil, err
	}
	v := reflect.New(reflect.TypeOf(a))
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		return nil, refuse(Invalid, "err_bad_json")
	}
	return v.Elem().Interface().(Action), nil
}

// NewAction is the empty action of a type name, or why there is none.
func NewAction(typ string) (Action, error) {
	if typ == "" {
		return nil, refuse(Invalid, "err_no_type")
	}
	t, ok := actions[typ]
	if !ok {
		return nil, refuse(Invalid, "err_unknown_action", typ)
	}
	return reflect.Zero(t).Interface().(Action), nil
}

// EncodeAction is an action in the wire format: its type and its fields.
func EncodeAction(a Action) ([]byte, error) {
	typ, err := json.Marshal(a.ActionType())
	if err != nil {
		return nil, err
	}
	fields, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	out := append([]byte(`{"type":`), typ...)
	if len(fields) > 2 { // not {}
		out = append(append(out, ','), fields[1:]...)
		return out, nil
	}
	return append(out, '}'), nil
}
