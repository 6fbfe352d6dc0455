package learn

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"sync"

	"boardgames/ai/eval"
)

// The pattern tables have far more weights (about 90,000 a phase) than
// the labelled positions can fix one by one: most configurations of the
// larger patterns are seen a few times or never, and keep what the fit
// starts from. The prior below fits instead, for each pattern kind, one
// small network that computes the weight of any configuration from its
// squares and the phase (the idea behind the evaluation of Egaroucid's
// web version: its tables are such networks' outputs); the networks are
// written out as tables, phase by phase, and blended with the fine-tuned
// tables (Config.PriorMix): a rare configuration gets some of what its
// squares say, a common one keeps some of its own weight. Measured on the
// third round's labels (depth 8, 2000 games a line; BENCHMARKS.md), the
// networks' tables alone played 51 Elo below the fine-tuned tables,
// tables started from them and anchored to them 12 above, and half of
// each 35 above on the openings the share was picked on, about 20 above
// on fresh ones.
//
// A kind's network: the squares (each an own disc, an opponent's or
// empty: two inputs a square) and the phase (0 to 1) feed mlpHidden
// units, two more layers of mlpHidden units follow, leaky ReLU between
// them, and a linear output in discs. The features that are not patterns
// (mobility, parity, potential mobility) keep a linear weight a phase.

// mlpHidden is the width of a network's hidden layers.
const mlpHidden = 16

// mlpKind is where one kind's network sits in the flat parameters.
type mlpKind struct {
	digits             int
	w0, t0, b0         int // [hidden][2·digits], [hidden], [hidden]
	w1, b1, w2, b2, w3 int // [hidden][hidden], [hidden], ..., [hidden]
	b3                 int
}

// mlpModel is the prior's layout: the kinds' networks, then the other
// features' linear weights, phase by phase.
type mlpModel struct {
	kinds  [eval.OthelloPatternKinds]mlpKind
	extras int   // the first extra weight (extraIndex)
	nExtra int   // extra weights a phase
	base   int32 // the raw index of the first extra feature
	size   int
}

func newMLPModel() *mlpModel {
	m := &mlpModel{}
	n := 0
	take := func(k int) int { n += k; return n - k }
	const h = mlpHidden
	for k := range m.kinds {
		d := eval.OthelloKindDigits(k)
		m.kinds[k] = mlpKind{digits: d, w0: take(h * 2 * d), t0: take(h), b0: take(h),
			w1: take(h * h), b1: take(h), w2: take(h * h), b2: take(h), w3: take(h), b3: take(1)}
	}
	var f [eval.OthelloFeatures]int32
	eval.OthelloRawFeatures(0, 0, &f)
	m.base = f[eval.OthelloPatterns] // no move, no disc: each extra table's first entry
	m.nExtra = eval.OthelloRawWeights() - int(m.base)
	m.extras = take(m.nExtra * eval.OthelloPhases)
	m.size = n
	return m
}

// extraIndex is where the linear weight of the extra feature with raw
// index raw sits for phase p.
func (m *mlpModel) extraIndex(p int, raw int32) int {
	return m.extras + p*m.nExtra + int(raw-m.base)
}

// init sets the networks' weights at random (He's scaling) and the
// linear weights to zero.
func (m *mlpModel) init(w []float32, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x31a))
	fill := func(at, n, fanIn int) {
		s := math.Sqrt(2 / float64(fanIn))
		for i := range n {
			w[at+i] = float32(rng.NormFloat64() * s)
		}
	}
	const h = mlpHidden
	for _, k := range m.kinds {
		fill(k.w0, h*2*k.digits, k.digits+1)
		fill(k.t0, h, k.digits+1)
		fill(k.w1, h*h, h)
		fill(k.w2, h*h, h)
		fill(k.w3, h, h*4) // a small start: 46 instances add up
	}
}

func leaky(x float32) float32 {
	if x < 0 {
		return 0.01 * x
	}
	return x
}

func leakyGrad(x float32) float32 {
	if x < 0 {
		return 0.01
	}
	return 1
}

// mlpAct holds one instance's activations for the backward pass.
type mlpAct struct {
	pre0, pre1, pre2 [mlpHidden]float32
	h0, h1, h2       [mlpHidden]float32
}

// forward computes kind k's network on configuration config at phase
// value t, keeping the activations in a.
func (m *mlpModel) forward(w []float32, k, config int, t float32, a *mlpAct) float32 {
	K := &m.kinds[k]
	const h = mlpHidden
	for j := range h {
		a.pre0[j] = w[K.b0+j] + t*w[K.t0+j]
	}
	c := config
	for i := range K.digits {
		if d := c % 3; d != 0 {
			col := K.w0 + 2*i + d - 1
			for j := range h {
				a.pre0[j] += w[col+j*2*K.digits]
			}
		}
		c /= 3
	}
	for j := range h {
		a.h0[j] = leaky(a.pre0[j])
	}
	dense(w, K.w1, K.b1, &a.h0, &a.pre1, &a.h1)
	dense(w, K.w2, K.b2, &a.h1, &a.pre2, &a.h2)
	out := w[K.b3]
	for j := range h {
		out += w[K.w3+j] * a.h2[j]
	}
	return out
}

// dense computes a hidden layer (weights from wo, biases from bo) on x:
// its sums in pre, its outputs in out.
func dense(w []float32, wo, bo int, x, pre, out *[mlpHidden]float32) {
	for j := range mlpHidden {
		s := w[bo+j]
		row := w[wo+j*mlpHidden : wo+(j+1)*mlpHidden]
		for i, v := range x {
			s += row[i] * v
		}
		pre[j], out[j] = s, leaky(s)
	}
}

// backward adds to g the gradient of the instance's output, times dp.
func (m *mlpModel) backward(w, g []float32, k, config int, t, dp float32, a *mlpAct) {
	K := &m.kinds[k]
	const h = mlpHidden
	var d2, d1, d0 [h]float32
	g[K.b3] += dp
	for j := range h {
		g[K.w3+j] += dp * a.h2[j]
		d2[j] = dp * w[K.w3+j] * leakyGrad(a.pre2[j])
	}
	denseBack(w, g, K.w2, K.b2, &d2, &a.h1, &d1)
	for i := range h {
		d1[i] *= leakyGrad(a.pre1[i])
	}
	denseBack(w, g, K.w1, K.b1, &d1, &a.h0, &d0)
	for j := range h {
		d0[j] *= leakyGrad(a.pre0[j])
		g[K.b0+j] += d0[j]
		g[K.t0+j] += d0[j] * t
	}
	c := config
	for i := range K.digits {
		if d := c % 3; d != 0 {
			col := K.w0 + 2*i + d - 1
			for j := range h {
				g[col+j*2*K.digits] += d0[j]
			}
		}
		c /= 3
	}
}

// denseBack adds to g the gradient of a hidden layer (weights from wo,
// biases from bo, input x) whose outputs' gradient is d, and to dx the
// gradient of its input.
func denseBack(w, g []float32, wo, bo int, d, x, dx *[mlpHidden]float32) {
	for j := range mlpHidden {
		g[bo+j] += d[j]
		row := wo + j*mlpHidden
		for i := range mlpHidden {
			g[row+i] += d[j] * x[i]
			dx[i] += d[j] * w[row+i]
		}
	}
}

// mlpExample is a position's raw features, its phase and its target.
type mlpExample struct {
	raw    [eval.OthelloFeatures]int32
	phase  int8
	target float32
}

// phaseValue is the network's phase input.
func phaseValue(p int) float32 { return float32(p) / float32(eval.OthelloPhases-1) }

// predict returns the model's value of x, and with acts set keeps the
// instances' activations.
func (m *mlpModel) predict(w []float32, x *mlpExample, acts []mlpAct) float32 {
	t := phaseValue(int(x.phase))
	var s float32
	var scratch mlpAct
	for i := range eval.OthelloPatterns {
		k, c, _ := eval.OthelloRawPattern(x.raw[i])
		a := &scratch
		if acts != nil {
			a = &acts[i]
		}
		s += m.forward(w, k, c, t, a)
	}
	for i := eval.OthelloPatterns; i < eval.OthelloFeatures; i++ {
		s += w[m.extraIndex(int(x.phase), x.raw[i])]
	}
	return s
}

// fitMLP fits the prior to the examples (valid: the held-out ones) by
// Adam on squared error, and returns the parameters of the epoch with the
// lowest validation loss. With from set it goes on from those parameters
// (a checkpoint), its curve so far in curve.
func fitMLP(ctx context.Context, m *mlpModel, train, valid []mlpExample, cfg FitConfig, workers int, from []float32, curve []Epoch, epoch func([]Epoch, []float32) error) ([]float32, []Epoch, error) {
	w := make([]float32, m.size)
	if from != nil {
		copy(w, from)
	} else {
		m.init(w, cfg.Seed)
	}
	best := append([]float32(nil), w...)
	bestLoss := math.Inf(1)
	stale := 0
	for _, e := range curve {
		if e.Validation < bestLoss {
			bestLoss, stale = e.Validation, 0
		} else {
			stale++
		}
	}
	mo := make([]float32, m.size)
	ve := make([]float32, m.size)
	grads := make([][]float32, workers)
	for i := range grads {
		grads[i] = make([]float32, m.size)
	}
	order := make([]int32, len(train))
	for i := range order {
		order[i] = int32(i)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(len(curve))))
	const b1, b2, eps = 0.9, 0.999, 1e-8
	step := 0
	for e := len(curve) + 1; e <= cfg.Epochs; e++ {
		if cfg.Patience > 0 && stale >= cfg.Patience {
			break
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		var trainLoss float64
		for start := 0; start < len(order); start += cfg.Batch {
			if err := ctx.Err(); err != nil {
				return best, curve, err
			}
			batch := order[start:min(start+cfg.Batch, len(order))]
			scale := 2 / float32(len(batch))
			losses := make([]float64, workers)
			var wg sync.WaitGroup
			for wk := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					g := grads[wk]
					var acts [eval.OthelloPatterns]mlpAct
					for bi := wk; bi < len(batch); bi += workers {
						x := &train[batch[bi]]
						r := m.predict(w, x, acts[:]) - x.target
						losses[wk] += float64(r * r)
						dp := scale * r
						t := phaseValue(int(x.phase))
						for i := range eval.OthelloPatterns {
							k, c, _ := eval.OthelloRawPattern(x.raw[i])
							m.backward(w, g, k, c, t, dp, &acts[i])
						}
						for i := eval.OthelloPatterns; i < eval.OthelloFeatures; i++ {
							g[m.extraIndex(int(x.phase), x.raw[i])] += dp
						}
					}
				}()
			}
			wg.Wait()
			for _, l := range losses {
				trainLoss += l
			}
			step++
			c1 := 1 - math.Pow(b1, float64(step))
			c2 := 1 - math.Pow(b2, float64(step))
			g0 := grads[0]
			for j := range w {
				gj := float64(g0[j])
				for _, g := range grads[1:] {
					gj += float64(g[j])
					g[j] = 0
				}
				g0[j] = 0
				gj += 2 * cfg.L2 * float64(w[j])
				mj := b1*float64(mo[j]) + (1-b1)*gj
				vj := b2*float64(ve[j]) + (1-b2)*gj*gj
				mo[j], ve[j] = float32(mj), float32(vj)
				w[j] -= float32(cfg.Rate * (mj / c1) / (math.Sqrt(vj/c2) + eps))
			}
		}
		ep := Epoch{N: e, Train: trainLoss / float64(max(len(train), 1))}
		ep.Validation = m.loss(w, valid, workers)
		curve = append(curve, ep)
		if ep.Validation < bestLoss {
			bestLoss, stale = ep.Validation, 0
			copy(best, w)
		} else {
			stale++
		}
		if epoch != nil {
			if err := epoch(curve, best); err != nil {
				return best, curve, err
			}
		}
	}
	return best, curve, nil
}

// loss is the model's mean squared error on xs.
func (m *mlpModel) loss(w []float32, xs []mlpExample, workers int) float64 {
	if len(xs) == 0 {
		return 0
	}
	sums := make([]float64, workers)
	var wg sync.WaitGroup
	for wk := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := wk; i < len(xs); i += workers {
				r := float64(m.predict(w, &xs[i], nil) - xs[i].target)
				sums[wk] += r * r
			}
		}()
	}
	wg.Wait()
	s := 0.0
	for _, x := range sums {
		s += x
	}
	return s / float64(len(xs))
}

// tables writes the prior out as the pattern evaluation's parameters, in
// discs, phase by phase: a parameter shared by several raw weights (the
// configurations a symmetry maps onto each other) takes their mean.
func (m *mlpModel) tables(w []float32) [][]float32 {
	raws := eval.OthelloRawWeights()
	phases := make([][]float32, eval.OthelloPhases)
	count := make([]int, eval.OthelloParams())
	for r := range raws {
		count[eval.OthelloRawParam(int32(r))]++
	}
	var a mlpAct
	for p := range phases {
		sum := make([]float64, eval.OthelloParams())
		t := phaseValue(p)
		for r := range int32(raws) {
			var v float32
			if k, c, ok := eval.OthelloRawPattern(r); ok {
				v = m.forward(w, k, c, t, &a)
			} else {
				v = w[m.extraIndex(p, r)]
			}
			sum[eval.OthelloRawParam(r)] += float64(v)
		}
		phases[p] = make([]float32, len(sum))
		for j, s := range sum {
			phases[p][j] = float32(s / float64(count[j]))
		}
	}
	return phases
}

// priorFit is how the prior is fitted: Adam with a small step on batches
// of 256 positions, at most 40 passes, stopped after 3 in a row without a
// better validation loss.
var priorFit = FitConfig{Epochs: 40, Batch: 256, Rate: 1e-3, L2: 1e-6, Patience: 3, Loss: Squared, Seed: 1}

// priorExactEvery: of the games' positions the exact solver played (their
// results are their exact values), the prior learns from one in this
// many, so that they do not outnumber the labels.
const priorExactEvery = 8

// priorTag names the prior's settings in the checkpoints' tags.
func priorTag() string {
	return fmt.Sprintf("prior=%d/%d/%s", mlpHidden, priorExactEvery, fitTag(priorFit))
}

// fitOthelloPrior fits the prior on the samples keep takes (the labelled
// positions, targets their labels) and one in priorExactEvery of the
// positions with c.Exact empty squares or fewer, checkpointed in c.Dir
// after every pass, and returns its tables phase by phase, in discs, nil
// for a phase with no position of its own range among them (all the
// tables are also written to c.Dir as othello-roundN-prior.weights), and
// its loss curve.
func fitOthelloPrior(ctx context.Context, c *Config, round int, samples []othelloSample, targets []float32, keep func(int) bool, tag string) ([][]float32, []Epoch, error) {
	m := newMLPModel()
	var train, valid []mlpExample
	var seen [eval.OthelloPhases]bool
	for i, s := range samples {
		e := s.empties()
		if !keep(i) && (e > c.Exact || e < 1 || i%priorExactEvery != 0) {
			continue
		}
		x := mlpExample{phase: int8(eval.OthelloPhase(e)), target: targets[i]}
		seen[x.phase] = true
		eval.OthelloRawFeatures(s.own, s.opp, &x.raw)
		if isValidation(int(s.game)) {
			valid = append(valid, x)
		} else {
			train = append(train, x)
		}
	}
	ckpt := filepath.Join(c.Dir, fmt.Sprintf("othello-round%d-prior.ckpt", round))
	from, curve, err := readCheckpoint(ckpt, tag, m.size)
	if err != nil {
		from, curve = nil, nil
	}
	w, curve, err := fitMLP(ctx, m, train, valid, priorFit, c.Workers, from, curve, func(curve []Epoch, best []float32) error {
		e := curve[len(curve)-1]
		c.report(Progress{Stage: "prior", Round: round, Done: e.N, Total: priorFit.Epochs, Epoch: &e})
		return writeCheckpoint(ckpt, tag, best, curve)
	})
	if err != nil {
		return nil, nil, err
	}
	tables := m.tables(w)
	// The prior's own tables, beside the checkpoint, to be tried alone.
	path := filepath.Join(c.Dir, fmt.Sprintf("othello-round%d-prior.weights", round))
	if err := writeAtomic(path, func(out io.Writer) error { _, err := othelloWeights(tables).WriteTo(out); return err }); err != nil {
		return nil, nil, err
	}
	for p := range tables {
		if !seen[p] {
			tables[p] = nil
		}
	}
	return tables, curve, nil
}
