package lab

import (
	"fmt"

	"boardgames/ai/stats"
)

// Words words the texts of an experiment's table for its reader: the
// columns, the words in its cells, the names of its series and axes, its
// comparisons with the paper and its notes. The lab writes each text in
// English, as a format and its values, in a call of say or sayN (and the
// experiments' titles and descriptions with text); a Words may put it in
// another language, with the format as the key of its translation (the app
// passes its translations, and its tests find the formats in these calls).
// The zero ExperimentOptions words in English.
type Words interface {
	// Text words a text from its English format and values, as
	// fmt.Sprintf does.
	Text(format string, args ...any) string
	// Plural words a text that names a count: one is its English format
	// for n = 1, other for any other n.
	Plural(n int, one, other string, args ...any) string
	// Decimal writes x with prec decimals.
	Decimal(x float64, prec int) string
}

// English is the lab's own words: fmt.Sprintf and a decimal point.
type English struct{}

// Text is fmt.Sprintf.
func (English) Text(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// Plural chooses one for n = 1, else other.
func (English) Plural(n int, one, other string, args ...any) string {
	if n == 1 {
		return fmt.Sprintf(one, args...)
	}
	return fmt.Sprintf(other, args...)
}

// Decimal writes x with a decimal point.
func (English) Decimal(x float64, prec int) string { return stats.Decimal(x, prec) }

// words returns the options' Words, English when none is set.
func (o ExperimentOptions) words() Words {
	if o.Words == nil {
		return English{}
	}
	return o.Words
}

// say words a text of a table (see Words).
func (o ExperimentOptions) say(format string, args ...any) string {
	return o.words().Text(format, args...)
}

// sayN words a text that names a count n (see Words).
func (o ExperimentOptions) sayN(n int, one, other string, args ...any) string {
	return o.words().Plural(n, one, other, args...)
}

// f1 and f2 write a number with one and two decimals.
func (o ExperimentOptions) f1(x float64) string { return o.words().Decimal(x, 1) }
func (o ExperimentOptions) f2(x float64) string { return o.words().Decimal(x, 2) }

// text marks a text that is worded later (an experiment's title and
// description, see Experiment.In): it returns s.
func text(s string) string { return s }

// In returns the experiment with its title and description worded by w.
func (e Experiment) In(w Words) Experiment {
	if w == nil {
		return e
	}
	var none []any // a title or description is a format without values
	e.Title, e.Description = w.Text(e.Title, none...), w.Text(e.Description, none...)
	return e
}
