package engine

import (
	"testing"

	"boardgames/rules/checkers"
)

// TestKeptTableKeepsItsLastSearches: a kept table's entries stay valid for
// keptSpan searches, a recycled table's for its own search only.
func TestKeptTableKeepsItsLastSearches(t *testing.T) {
	kept := NewTable()
	tb, ok := kept.take(1)
	if !ok {
		t.Fatal("a new table was busy")
	}
	if _, ok := kept.take(1); ok {
		t.Fatal("a table in use was given to a second search")
	}
	tb.store(42, 3, 17, 5, boundExact, false)
	kept.give()
	for i := 1; i <= keptSpan; i++ {
		tb, ok := kept.take(1)
		if !ok {
			t.Fatal("a given back table stayed busy")
		}
		e, found := tb.probe(42)
		if want := i < keptSpan; found != want || found && (e.value != 17 || e.move != 3) {
			t.Errorf("%d searches later: entry %+v found %v, want found %v", i, e, found, want)
		}
		kept.give()
	}

	recycled := getTable(1)
	recycled.store(42, 3, 17, 5, boundExact, false)
	recycled.next()
	if _, found := recycled.probe(42); found {
		t.Errorf("a recycled table gave an entry of its previous search")
	}
}

// TestKeptTableSpeedsTheNextSearch: searching a position again with the
// table of the first search takes fewer nodes, for the same move.
func TestKeptTableSpeedsTheNextSearch(t *testing.T) {
	s := mustParse(t, "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,5,6,7,9,10,11,13")
	p := Config[checkers.Position]{Depth: 9, Table: NewTable()}
	first := mustSearch(t, s, p)
	again := mustSearch(t, s, p)
	if again.Nodes >= first.Nodes || again.Move != first.Move {
		t.Errorf("the second search took %d nodes for %s, the first %d for %s",
			again.Nodes, s.MoveString(again.Move), first.Nodes, s.MoveString(first.Move))
	}
}
