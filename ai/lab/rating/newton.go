package rating

import (
	"errors"
	"math"
)

// problem is the likelihood to maximise: the games of each pair, and the
// prior. Strengths are in natural units, s = Elo·ln10/400, and the draw
// parameter is t = ln ν.
type problem struct {
	n            int
	prior        float64
	pairs        map[[2]int]*counts // i < j; counts from i's view
	order        [][2]int           // the pairs in the order first met
	games, draws int
}

type counts struct{ w, d, l float64 }

func newProblem(n int, prior float64) *problem {
	return &problem{n: n, prior: prior, pairs: map[[2]int]*counts{}}
}

func (p *problem) add(r Result) {
	i, j, w, l := r.I, r.J, r.Wins, r.Losses
	if i > j {
		i, j, w, l = j, i, l, w
	}
	c, ok := p.pairs[[2]int{i, j}]
	if !ok {
		c = &counts{}
		p.pairs[[2]int{i, j}] = c
		p.order = append(p.order, [2]int{i, j})
	}
	c.w += float64(w)
	c.d += float64(r.Draws)
	c.l += float64(l)
	p.games += r.Wins + r.Draws + r.Losses
	p.draws += r.Draws
}

// solution is the maximum: the strengths, the draw parameter, the
// covariance of the strengths, and the iterations it took.
type solution struct {
	s          []float64
	t          float64
	cov        [][]float64
	iterations int
}

// maxIterations bounds Newton's method; it converges in a handful.
const maxIterations = 200

var errUnbounded = errors.New("rating: the likelihood has no finite maximum (some players won or lost every game against the rest, or are not connected to the others by games): give a prior")

// solve maximises the log-likelihood by Newton's method with a line
// search. Without a prior, player 0's strength is held at 0 (only
// differences are determined); the draw parameter is a variable when some
// but not all games were drawn, absent (ν = 0) when none was, and held at
// the draw rate (G+½)/(G+1) of G games when all were.
func (p *problem) solve() (solution, error) {
	n := p.n
	model := drawModel{on: p.draws > 0}
	t := 0.0
	switch {
	case p.draws == 0:
	case p.draws == p.games:
		g := float64(p.games)
		t = nuOf((g + 0.5) / (g + 1))
	default:
		t = nuOf(float64(p.draws) / float64(p.games))
		model.free = true
	}
	var free []int // variables: 0..n-1 strengths, n the draw parameter
	for k := range n {
		if k > 0 || p.prior > 0 {
			free = append(free, k)
		}
	}
	if model.free {
		free = append(free, n)
	}
	x := make([]float64, n+1)
	x[n] = t
	sol := solution{}
	var a [][]float64
	converged := false
	for it := 1; it <= maxIterations && !converged; it++ {
		sol.iterations = it
		ll, grad, hess := p.eval(x, model)
		a = make([][]float64, len(free))
		g := make([]float64, len(free))
		for r, u := range free {
			g[r] = grad[u]
			a[r] = make([]float64, len(free))
			for c, v := range free {
				a[r][c] = -hess[u][v]
			}
		}
		l, ok := cholesky(a)
		if !ok {
			return solution{}, errUnbounded
		}
		d := l.solve(g)
		step := 1.0
		next := make([]float64, n+1)
		for {
			copy(next, x)
			for r, u := range free {
				next[u] += step * d[r]
			}
			if nl, _, _ := p.eval(next, model); nl >= ll-1e-12*math.Abs(ll) || step < 1e-10 {
				break
			}
			step /= 2
		}
		biggest := 0.0
		for r := range free {
			biggest = max(biggest, math.Abs(step*d[r]))
		}
		copy(x, next)
		converged = biggest < 1e-10
		for k := range n {
			if math.Abs(x[k]) > 40 { // 7000 Elo: running away to infinity
				return solution{}, errUnbounded
			}
		}
	}
	if !converged {
		return solution{}, errUnbounded
	}
	// The covariance at the maximum: the inverse of the observed
	// information, with zeros for a strength held fixed.
	_, _, hess := p.eval(x, model)
	for r, u := range free {
		for c, v := range free {
			a[r][c] = -hess[u][v]
		}
	}
	l, ok := cholesky(a)
	if !ok {
		return solution{}, errUnbounded
	}
	inv := l.inverse()
	sol.s, sol.t = x[:n], x[n]
	sol.cov = make([][]float64, n)
	for k := range sol.cov {
		sol.cov[k] = make([]float64, n)
	}
	for r, u := range free {
		for c, v := range free {
			if u < n && v < n {
				sol.cov[u][v] = inv[r][c]
			}
		}
	}
	return sol, nil
}

// drawModel says whether draws are modelled (on) and whether ν is a
// variable (free).
type drawModel struct{ on, free bool }

// nuOf is ln ν for a draw rate q between equal players: q = ν/(2+ν).
func nuOf(q float64) float64 { return math.Log(2 * q / (1 - q)) }

// eval returns the log-likelihood at x (strengths, then t), its gradient
// and its Hessian.
func (p *problem) eval(x []float64, model drawModel) (float64, []float64, [][]float64) {
	n := p.n
	grad := make([]float64, n+1)
	hess := make([][]float64, n+1)
	for k := range hess {
		hess[k] = make([]float64, n+1)
	}
	ll := 0.0
	t := x[n]
	for _, key := range p.order {
		c := p.pairs[key]
		i, j := key[0], key[1]
		games := c.w + c.d + c.l
		a, b := x[i], x[j]
		m := max(a, b)
		ea, eb, ec := math.Exp(a-m), math.Exp(b-m), 0.0
		cd := 0.0
		if model.on {
			cd = t + (a+b)/2
			if cd > m {
				ea, eb, m = ea*math.Exp(m-cd), eb*math.Exp(m-cd), cd
			}
			ec = math.Exp(cd - m)
		}
		sum := ea + eb + ec
		logD := m + math.Log(sum)
		pi, pj, pd := ea/sum, eb/sum, ec/sum
		ll += c.w*a + c.l*b + c.d*cd - games*logD
		mi, mj := pi+pd/2, pj+pd/2
		grad[i] += c.w + c.d/2 - games*mi
		grad[j] += c.l + c.d/2 - games*mj
		// The Hessian of log D is the covariance of the exponents'
		// coefficients (1,0,0), (0,1,0), (½,½,1) under (pi, pj, pd).
		hess[i][i] -= games * (pi + pd/4 - mi*mi)
		hess[j][j] -= games * (pj + pd/4 - mj*mj)
		hess[i][j] -= games * (pd/4 - mi*mj)
		hess[j][i] = hess[i][j]
		if model.free {
			grad[n] += c.d - games*pd
			hess[n][n] -= games * (pd - pd*pd)
			hess[i][n] -= games * (pd/2 - mi*pd)
			hess[j][n] -= games * (pd/2 - mj*pd)
			hess[n][i], hess[n][j] = hess[i][n], hess[j][n]
		}
	}
	if p.prior > 0 {
		h := p.prior / 2
		for k := range n {
			s := x[k]
			sg := 1 / (1 + math.Exp(-s))
			ll -= h * (softplus(s) + softplus(-s))
			grad[k] += h * (1 - 2*sg)
			hess[k][k] -= p.prior * sg * (1 - sg)
		}
	}
	return ll, grad, hess
}

// softplus is ln(1 + e^x), without overflow.
func softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// lower is a Cholesky factor L of a positive definite matrix A = LLᵀ.
type lower [][]float64

// cholesky factors a, false when a is not positive definite.
func cholesky(a [][]float64) (lower, bool) {
	n := len(a)
	l := make(lower, n)
	for i := range l {
		l[i] = make([]float64, i+1)
		for j := 0; j <= i; j++ {
			s := a[i][j]
			for k := range j {
				s -= l[i][k] * l[j][k]
			}
			if i == j {
				if s <= 1e-12 {
					return nil, false
				}
				l[i][i] = math.Sqrt(s)
			} else {
				l[i][j] = s / l[j][j]
			}
		}
	}
	return l, true
}

// solve returns x with LLᵀx = b.
func (l lower) solve(b []float64) []float64 {
	n := len(l)
	y := make([]float64, n)
	for i := range n {
		s := b[i]
		for k := range i {
			s -= l[i][k] * y[k]
		}
		y[i] = s / l[i][i]
	}
	for i := n - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < n; k++ {
			s -= l[k][i] * y[k]
		}
		y[i] = s / l[i][i]
	}
	return y
}

// inverse returns (LLᵀ)⁻¹.
func (l lower) inverse() [][]float64 {
	n := len(l)
	inv := make([][]float64, n)
	e := make([]float64, n)
	for c := range n {
		clear(e)
		e[c] = 1
		col := l.solve(e)
		for r := range n {
			if inv[r] == nil {
				inv[r] = make([]float64, n)
			}
			inv[r][c] = col[r]
		}
	}
	return inv
}
