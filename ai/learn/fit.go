package learn

import (
	"context"
	"math"
	"math/rand/v2"
)

// dataset holds the examples of a sparse linear model: example i has the
// features from off[i] to off[i+1], feature j naming the parameter idx[j]
// with the value val[j] (val nil: every value is 1), and the target y[i].
// The model's prediction is the sum of its features' parameters times
// their values.
//
// A tapered dataset (half > 0) gives each feature two parameters, j for
// the opening and j+half for the ending, blended by the example's taper t
// (tap[i], from 1 in the opening to 0 in the ending): the feature adds
// value × (t·w[j] + (1−t)·w[j+half]).
type dataset struct {
	off  []int32 // len(y)+1 offsets into idx and val
	idx  []int32
	val  []float32
	y    []float32
	tap  []float32
	half int32
}

func newDataset() *dataset { return &dataset{off: []int32{0}} }

func (d *dataset) len() int { return len(d.y) }

// add appends an example; val is nil for a dataset whose values are all
// 1, t the taper of a tapered one.
func (d *dataset) add(idx []int32, val []float32, y, t float32) {
	d.idx = append(d.idx, idx...)
	if val != nil {
		d.val = append(d.val, val...)
	}
	d.off = append(d.off, int32(len(d.idx)))
	d.y = append(d.y, y)
	if d.half > 0 {
		d.tap = append(d.tap, t)
	}
}

// value is the value of feature k (an index into idx) of example i.
func (d *dataset) value(k int32) float64 {
	if d.val == nil {
		return 1
	}
	return float64(d.val[k])
}

// predict is the model w's prediction for example i.
func (d *dataset) predict(w []float32, i int) float64 {
	s := 0.0
	lo, hi := d.off[i], d.off[i+1]
	if d.half > 0 {
		t := float64(d.tap[i])
		for k := lo; k < hi; k++ {
			j := d.idx[k]
			s += d.value(k) * (t*float64(w[j]) + (1-t)*float64(w[j+d.half]))
		}
		return s
	}
	idx := d.idx[lo:hi]
	if d.val == nil {
		for _, j := range idx {
			s += float64(w[j])
		}
		return s
	}
	for k, j := range idx {
		s += float64(w[j]) * float64(d.val[int(lo)+k])
	}
	return s
}

// gradient adds the gradient of example i's prediction, times dp, to g
// and records in touched the parameters it reaches for the first time.
func (d *dataset) gradient(i int, dp float64, g []float64, seen []bool, touched []int32) []int32 {
	add := func(j int32, x float64) {
		if !seen[j] {
			seen[j] = true
			touched = append(touched, j)
		}
		g[j] += x
	}
	lo, hi := d.off[i], d.off[i+1]
	t := 1.0
	if d.half > 0 {
		t = float64(d.tap[i])
	}
	for k := lo; k < hi; k++ {
		j, x := d.idx[k], dp*d.value(k)
		if d.half > 0 {
			add(j, x*t)
			add(j+d.half, x*(1-t))
			continue
		}
		add(j, x)
	}
	return touched
}

// Loss is how a prediction is scored against its target.
type Loss int

const (
	// Squared is the mean squared error of the prediction (Othello: the
	// final disc margin, in discs).
	Squared Loss = iota
	// Logistic is the cross-entropy of the prediction's logistic
	// function against a target between 0 and 1 (checkers: 1 a win, 0.5
	// a draw, 0 a loss): logistic regression, as in Texel's tuning method
	// (which scores the squared error of the same function instead).
	Logistic
)

// lossGrad returns the loss of prediction p against target y and its
// derivative in p.
func (l Loss) lossGrad(p, y float64) (loss, grad float64) {
	if l == Squared {
		r := p - y
		return r * r, 2 * r
	}
	q := 1 / (1 + math.Exp(-p))
	const eps = 1e-12
	return -(y*math.Log(q+eps) + (1-y)*math.Log(1-q+eps)), q - y
}

// meanLoss is the mean loss of the model w on d.
func meanLoss(d *dataset, w []float32, l Loss) float64 {
	if d.len() == 0 {
		return 0
	}
	s := 0.0
	for i := range d.len() {
		loss, _ := l.lossGrad(d.predict(w, i), float64(d.y[i]))
		s += loss
	}
	return s / float64(d.len())
}

// FitConfig tunes the fit: Adam (Kingma and Ba 2015) on shuffled
// mini-batches, with an L2 penalty, stopped early on the validation loss.
type FitConfig struct {
	Epochs   int     // at most this many passes over the training examples
	Batch    int     // examples per step
	Rate     float64 // Adam's step size
	L2       float64 // the penalty λ·Σw² added to the mean loss
	Patience int     // stop after this many epochs without a better validation loss
	Loss     Loss
	Seed     uint64
	// Anchor makes the L2 penalty pull the weights toward the ones the
	// fit starts from (λ·Σ(w−w₀)²) instead of toward zero: a fine-tune
	// then moves only what its examples ask for.
	Anchor bool
}

// Epoch is one line of a loss curve: the mean losses after an epoch.
type Epoch struct {
	N                 int
	Train, Validation float64
}

// fit fits params parameters to train, starting from w (nil: zeros), and
// returns the parameters of the epoch with the lowest validation loss (the
// last one without validation examples) and the loss curve. epoch, if set,
// is told of every epoch. The same data, configuration and seed give the
// same parameters.
func fit(ctx context.Context, train, valid *dataset, params int, w []float32, cfg FitConfig, epoch func(Epoch)) ([]float32, []Epoch, error) {
	if w == nil {
		w = make([]float32, params)
	}
	var w0 []float32 // the penalty's centre (nil: zero)
	if cfg.Anchor {
		w0 = append(w0, w...)
	}
	m := make([]float32, params)
	v := make([]float32, params)
	g := make([]float64, params)
	touched := make([]int32, 0, params)
	seen := make([]bool, params)
	order := make([]int32, train.len())
	for i := range order {
		order[i] = int32(i)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xf17))
	const b1, b2, eps = 0.9, 0.999, 1e-8
	step := 0
	best := append([]float32(nil), w...)
	bestLoss := math.Inf(1)
	var curve []Epoch
	stale := 0
	for e := 1; e <= cfg.Epochs; e++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		trainLoss := 0.0
		for start := 0; start < len(order); start += cfg.Batch {
			if err := ctx.Err(); err != nil {
				return best, curve, err
			}
			batch := order[start:min(start+cfg.Batch, len(order))]
			scale := 1 / float64(len(batch))
			for _, i := range batch {
				loss, dp := cfg.Loss.lossGrad(train.predict(w, int(i)), float64(train.y[i]))
				trainLoss += loss
				touched = train.gradient(int(i), dp*scale, g, seen, touched)
			}
			// Adam, lazily: only the parameters of this batch move (their
			// penalty included), so that a step costs the batch's size,
			// not the model's.
			step++
			c1 := 1 - math.Pow(b1, float64(step))
			c2 := 1 - math.Pow(b2, float64(step))
			for _, j := range touched {
				d := float64(w[j])
				if w0 != nil {
					d -= float64(w0[j])
				}
				gj := g[j] + 2*cfg.L2*d
				mj := b1*float64(m[j]) + (1-b1)*gj
				vj := b2*float64(v[j]) + (1-b2)*gj*gj
				m[j], v[j] = float32(mj), float32(vj)
				w[j] -= float32(cfg.Rate * (mj / c1) / (math.Sqrt(vj/c2) + eps))
				g[j], seen[j] = 0, false
			}
			touched = touched[:0]
		}
		ep := Epoch{N: e, Train: trainLoss / float64(max(train.len(), 1))}
		if valid.len() > 0 {
			ep.Validation = meanLoss(valid, w, cfg.Loss)
		} else {
			ep.Validation = ep.Train
		}
		curve = append(curve, ep)
		if epoch != nil {
			epoch(ep)
		}
		if ep.Validation < bestLoss {
			bestLoss, stale = ep.Validation, 0
			copy(best, w)
		} else if stale++; cfg.Patience > 0 && stale >= cfg.Patience {
			break
		}
	}
	return best, curve, nil
}
