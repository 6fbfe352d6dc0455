// egaroucid_gtp: a GTP front end for Egaroucid's web engine (src/web of
// https://github.com/Nyanyan/Egaroucid), so that Boardgames can play it as
// gtp:"egaroucid-gtp -level 10" (docs/protocol.md).
//
// This file is Boardgames' own code. It includes Egaroucid's headers, which
// are not in this repository: build.sh compiles it against a copy of them
// (see README.md). The engine is called as its web page calls it (ai() with
// its book, one thread); the protocol, the board and its move rules are
// ours.
//
// Options:
//   -level N      Egaroucid's level (0..60, default 10): the search depth
//                 in the midgame and where its exact endgame starts
//   -nobook       search from the first move (no book moves)
//   -cpulog FILE  append one line per genmove: empties, level, the move,
//                 CPU seconds of the search, wall seconds, book or search,
//                 and the CPU seconds the start-up took (with
//                 BOARDGAMES_SANDBOX=off: the sandbox lets a bot write
//                 only in its own /tmp)
//
// Squares are Boardgames' a1..h8, a1 top left; b is Black, who moves first.

#include "web/ai.hpp"

#include <cctype>
#include <cstdio>
#include <unistd.h>
#include <cstdlib>
#include <ctime>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#ifndef EGAROUCID_COMMIT
#define EGAROUCID_COMMIT "unknown"
#endif

namespace bg {

// A position as Boardgames sees it: the discs of each colour and the side
// to move (0 Black, 1 White).
struct Pos {
    uint64_t black = 0, white = 0;
    int side = 0;
};

// Squares: bit 63 - (row*8 + col) in Egaroucid's boards, row 0 the top.
int cell_of(int row, int col) { return HW2_M1 - (row * HW + col); }

std::string square_name(int cell) {
    int k = HW2_M1 - cell;
    std::string s;
    s += char('a' + k % HW);
    s += char('1' + k / HW);
    return s;
}

// parse_square reads "f5" (either case); -1 if it is not a square.
int parse_square(const std::string &s) {
    if (s.size() != 2) return -1;
    int col = std::tolower((unsigned char)s[0]) - 'a', row = s[1] - '1';
    if (col < 0 || col >= HW || row < 0 || row >= HW) return -1;
    return cell_of(row, col);
}

Board to_board(const Pos &p) {
    Board b;
    b.player = p.side == 0 ? p.black : p.white;
    b.opponent = p.side == 0 ? p.white : p.black;
    return b;
}

// The rules are ours (not the engine's tables), so that the protocol is
// answered while the engine's tables are still being built.
const int dirs[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

// flips returns the discs a move on cell (row*8+col from a1) turns for
// own against opp.
uint64_t flips(uint64_t own, uint64_t opp, int row, int col) {
    uint64_t all = 0;
    for (auto &d : dirs) {
        uint64_t line = 0;
        int r = row + d[0], c = col + d[1];
        while (r >= 0 && r < HW && c >= 0 && c < HW && (opp >> cell_of(r, c) & 1)) {
            line |= 1ULL << cell_of(r, c);
            r += d[0];
            c += d[1];
        }
        if (line && r >= 0 && r < HW && c >= 0 && c < HW && (own >> cell_of(r, c) & 1)) all |= line;
    }
    return all;
}

uint64_t legal_of(const Pos &p) {
    uint64_t own = p.side == 0 ? p.black : p.white, opp = p.side == 0 ? p.white : p.black, legal = 0;
    for (int row = 0; row < HW; ++row)
        for (int col = 0; col < HW; ++col) {
            uint64_t bit = 1ULL << cell_of(row, col);
            if (!((own | opp) & bit) && flips(own, opp, row, col)) legal |= bit;
        }
    return legal;
}

void apply(Pos &p, int cell) {
    int k = HW2_M1 - cell;
    uint64_t &own = p.side == 0 ? p.black : p.white, &opp = p.side == 0 ? p.white : p.black;
    uint64_t f = flips(own, opp, k / HW, k % HW);
    own |= f | 1ULL << cell;
    opp &= ~f;
    p.side ^= 1;
}

double cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

double thread_cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

double wall_seconds() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

// parse_colour reads b, w, black, white (either case); -1 otherwise.
int parse_colour(std::string s) {
    for (auto &c : s) c = std::tolower((unsigned char)c);
    if (s == "b" || s == "black") return 0;
    if (s == "w" || s == "white") return 1;
    return -1;
}

class Server {
  public:
    Server(FILE *out, int level, bool use_book, std::string cpulog, std::thread *init, double *init_cpu)
        : out_(out), level_(level), use_book_(use_book), cpulog_(cpulog), init_(init), init_cpu_(init_cpu) {
        clear();
    }

    // run answers commands until quit or the end of the input.
    void run() {
        std::string line;
        while (std::getline(std::cin, line)) {
            std::string clean;
            for (char c : line) {
                if (c == '#') break;
                if (c == '\t') c = ' ';
                if ((unsigned char)c < 32 || c == 127) continue;
                clean += c;
            }
            std::istringstream in(clean);
            std::vector<std::string> words;
            for (std::string w; in >> w;) words.push_back(w);
            if (words.empty()) continue;
            std::string id;
            if (std::isdigit((unsigned char)words[0][0])) {
                id = words[0];
                words.erase(words.begin());
                if (words.empty()) continue;
            }
            std::string cmd = words[0];
            words.erase(words.begin());
            std::string reply;
            bool ok = command(cmd, words, reply);
            std::fprintf(out_, "%c%s %s\n\n", ok ? '=' : '?', id.c_str(), reply.c_str());
            std::fflush(out_);
            if (ok && cmd == "quit") return;
        }
    }

  private:
    FILE *out_;
    int level_;
    bool use_book_;
    std::string cpulog_;
    std::thread *init_; // builds the engine's tables; joined before the first search
    double *init_cpu_;
    Pos pos_;
    std::vector<Pos> past_;

    void clear() {
        pos_ = Pos{};
        pos_.black = (1ULL << cell_of(3, 4)) | (1ULL << cell_of(4, 3)); // e4 d5
        pos_.white = (1ULL << cell_of(3, 3)) | (1ULL << cell_of(4, 4)); // d4 e5
        pos_.side = 0;
        past_.clear();
    }

    // turn makes it colour's turn: a side that must pass passes first, as
    // Edax does; false if colour cannot be to move.
    bool turn(int colour) {
        if (pos_.side == colour) return true;
        if (legal_of(pos_) != 0) return false;
        past_.push_back(pos_);
        pos_.side ^= 1;
        return true;
    }

    bool command(const std::string &cmd, const std::vector<std::string> &args, std::string &reply) {
        static const char *known[] = {"protocol_version", "name", "version", "known_command", "list_commands",
                                      "quit", "set_game", "list_games", "boardsize", "clear_board", "komi",
                                      "play", "genmove", "undo", "time_settings", "time_left", "showboard",
                                      "final_score", "bg-position", "bg-seed", "bg-time_left_ms",
                                      "bg-legal_moves"};
        if (cmd == "protocol_version") { reply = "2"; return true; }
        if (cmd == "name") { reply = "Egaroucid-web"; return true; }
        if (cmd == "version") {
            reply = std::string("src/web of ") + EGAROUCID_COMMIT + ", level " + std::to_string(level_) +
                    (use_book_ ? "" : ", no book");
            return true;
        }
        if (cmd == "known_command") {
            reply = "false";
            if (!args.empty())
                for (const char *k : known)
                    if (args[0] == k) reply = "true";
            return true;
        }
        if (cmd == "list_commands") {
            for (const char *k : known) {
                if (!reply.empty()) reply += "\n";
                reply += k;
            }
            return true;
        }
        if (cmd == "list_games") { reply = "Othello"; return true; }
        if (cmd == "quit" || cmd == "komi" || cmd == "time_settings" || cmd == "time_left" ||
            cmd == "bg-time_left_ms")
            return true;
        if (cmd == "set_game") {
            std::string g;
            for (auto &a : args) g += (g.empty() ? "" : " ") + a;
            if (g != "Othello") { reply = "unsupported game"; return false; }
            clear();
            return true;
        }
        if (cmd == "boardsize") {
            if (args.size() != 1 || args[0] != "8") { reply = "unacceptable size"; return false; }
            return true;
        }
        if (cmd == "clear_board") { clear(); return true; }
        if (cmd == "bg-seed") {
            if (args.size() != 1) { reply = "syntax error"; return false; }
            raw_myrandom.seed((uint32_t)std::strtoull(args[0].c_str(), nullptr, 10));
            return true;
        }
        if (cmd == "bg-position") return set_position(args, reply);
        if (cmd == "play") return play(args, reply);
        if (cmd == "genmove") return genmove(args, reply);
        if (cmd == "undo") {
            if (past_.empty()) { reply = "cannot undo"; return false; }
            pos_ = past_.back();
            past_.pop_back();
            return true;
        }
        if (cmd == "bg-legal_moves") {
            uint64_t legal = legal_of(pos_);
            for (int row = 0; row < HW; ++row)
                for (int col = 0; col < HW; ++col)
                    if (legal >> cell_of(row, col) & 1)
                        reply += (reply.empty() ? "" : " ") + square_name(cell_of(row, col));
            if (reply.empty()) reply = "pass";
            return true;
        }
        if (cmd == "showboard" || cmd == "final_score") {
            int b = __builtin_popcountll(pos_.black), w = __builtin_popcountll(pos_.white);
            if (cmd == "final_score") {
                reply = b > w ? "B+" + std::to_string(b - w) : w > b ? "W+" + std::to_string(w - b) : "0";
                return true;
            }
            for (int row = 0; row < HW; ++row) {
                reply += "\n";
                for (int col = 0; col < HW; ++col) {
                    uint64_t bit = 1ULL << cell_of(row, col);
                    reply += pos_.black & bit ? 'X' : pos_.white & bit ? 'O' : '-';
                }
            }
            reply += pos_.side == 0 ? "\nX to move" : "\nO to move";
            return true;
        }
        reply = "unknown command";
        return false;
    }

    bool set_position(const std::vector<std::string> &args, std::string &reply) {
        if (args.size() < 2 || args[0].size() != HW2) { reply = "bad position"; return false; }
        Pos p;
        for (int k = 0; k < HW2; ++k) {
            uint64_t bit = 1ULL << (HW2_M1 - k);
            switch (args[0][k]) {
            case 'X': case 'x': p.black |= bit; break;
            case 'O': case 'o': p.white |= bit; break;
            case '-': case '.': break;
            default: reply = "bad position"; return false;
            }
        }
        std::string s = args[1];
        p.side = (s == "X" || s == "x") ? 0 : (s == "O" || s == "o") ? 1 : parse_colour(s);
        if (p.side < 0) { reply = "bad side to move"; return false; }
        pos_ = p;
        past_.clear();
        return true;
    }

    bool play(const std::vector<std::string> &args, std::string &reply) {
        int colour = args.size() == 2 ? parse_colour(args[0]) : -1;
        if (colour < 0) { reply = "syntax error"; return false; }
        std::string m = args[1];
        for (auto &c : m) c = std::tolower((unsigned char)c);
        if (m == "pass") {
            if (pos_.side == colour && legal_of(pos_) != 0) { reply = "illegal move"; return false; }
            if (pos_.side == colour) {
                past_.push_back(pos_);
                pos_.side ^= 1;
            }
            return true;
        }
        int cell = parse_square(m);
        Pos before = pos_;
        if (cell < 0 || !turn(colour) || !(legal_of(pos_) >> cell & 1)) {
            pos_ = before;
            reply = "illegal move";
            return false;
        }
        past_.push_back(pos_);
        apply(pos_, cell);
        return true;
    }

    bool genmove(const std::vector<std::string> &args, std::string &reply) {
        int colour = args.size() == 1 ? parse_colour(args[0]) : -1;
        if (colour < 0) { reply = "syntax error"; return false; }
        if (pos_.side != colour) {
            if (!turn(colour)) { reply = "not this colour's turn"; return false; }
        }
        uint64_t legal = legal_of(pos_);
        if (legal == 0) {
            reply = "pass";
            past_.push_back(pos_);
            pos_.side ^= 1;
            return true;
        }
        if (init_->joinable()) init_->join();
        double c0 = cpu_seconds(), w0 = wall_seconds();
        Search_result r = ai(to_board(pos_), level_, use_book_, false, false);
        double cpu = cpu_seconds() - c0, wall = wall_seconds() - w0;
        if (r.policy < 0 || r.policy >= HW2 || !(legal >> r.policy & 1)) {
            reply = "engine returned no legal move";
            return false;
        }
        int empties = HW2 - __builtin_popcountll(pos_.black | pos_.white);
        past_.push_back(pos_);
        apply(pos_, r.policy);
        reply = square_name(r.policy);
        if (!cpulog_.empty()) {
            if (FILE *f = std::fopen(cpulog_.c_str(), "a")) {
                std::fprintf(f, "%d %d %s %.6f %.6f %s %.6f\n", empties, level_, reply.c_str(), cpu, wall,
                             r.depth == SEARCH_BOOK ? "book" : "search", *init_cpu_);
                std::fclose(f);
            }
        }
        return true;
    }
};

} // namespace bg

int main(int argc, char **argv) {
    int level = 10;
    bool use_book = true;
    std::string cpulog;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-level" && i + 1 < argc) {
            char *end;
            long v = std::strtol(argv[++i], &end, 10);
            if (*end != 0 || v < 0 || v > 60) {
                std::fprintf(stderr, "egaroucid-gtp: -level must be 0..60, not %s\n", argv[i]);
                return 2;
            }
            level = (int)v;
        } else if (a == "-nobook") {
            use_book = false;
        } else if (a == "-cpulog" && i + 1 < argc) {
            cpulog = argv[++i];
        } else {
            std::fprintf(stderr, "usage: egaroucid-gtp [-level N] [-nobook] [-cpulog FILE]\n");
            return 2;
        }
    }
    // The protocol has standard output to itself: the engine's messages
    // (it prints to cout and cerr) go to standard error.
    FILE *out = fdopen(dup(1), "w");
    std::fflush(stdout);
    dup2(2, 1);
    std::cout.rdbuf(std::cerr.rdbuf());
    // The engine's tables take about 0.75 s of CPU to build: in a thread
    // of their own, so that the protocol answers at once (a loaded
    // machine could take longer than a controller waits for list_commands).
    double init_cpu = 0;
    std::thread init([&init_cpu, use_book] {
        double c0 = bg::thread_cpu_seconds();
        board_init();
        mobility_init();
        stability_init();
        parent_transpose_table.first_init();
        child_transpose_table.first_init();
        evaluate_init();
        if (use_book) book_init();
        init_cpu = bg::thread_cpu_seconds() - c0;
    });
    bg::Server srv(out, level, use_book, cpulog, &init, &init_cpu);
    srv.run();
    if (init.joinable()) init.join();
    return 0;
}
