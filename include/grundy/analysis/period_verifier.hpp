#pragma once
/// \file The one verifier of period certificates: whatever wrote a certificate (this engine, an
/// older one, a census, a hand), nothing in it is used before it is checked against the game.
///
/// A certificate claims g(0..i+p-1) and, through the period, the sequence c(n) for every n. The
/// theorem (recomputed from the game, never read from the certificate) needs g(0..N-1) with
/// g(n+p) = g(n) for i <= n < N-p; since c repeats by construction, the proof holds exactly when
/// c(n) = mex of the values c gives the options of n, for every n < N (by induction from n = 0,
/// c and g then agree below N). check_certificate tests that equation with the plain solver —
/// the game's own options and a mex, not the engines that produced the values. The arithmetic
/// theorem's condition is not a repetition alone: its shift check is redone on c itself, which
/// repeats with its saltus by construction, before the mex equation.

#include <cstdint>
#include <string>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/dense_solver.hpp"

namespace grundy {

/// The options a check on load may visit: every g(0..N-1) is recomputed when that fits, else a
/// spot check. The plain solver visits an option in 10-20 ns, so this is about a second: for a
/// game with a few options per heap, N up to about 10^7 (the "cheap"); for octal games
/// with two-heap splits, whose heap n has about n/2 options, N up to about 1.4*10^4.
inline constexpr std::uint64_t kLoadCheckWork = 50'000'000;
/// Positions of a spot check (spread over 0..N-1), fewer when their options exceed the work.
inline constexpr std::uint64_t kSpotPositions = 300;
/// The positions where a period starts and ends are checked even past the work, up to this many
/// times it; a certificate whose largest heaps have more options is not used.
inline constexpr std::uint64_t kSpotHardLimitFactor = 20;

struct CertificateCheck {
  bool holds = false;
  /// Every g(0..N-1) was recomputed; false: a spot check.
  bool complete = false;
  /// The values were computed afresh by the table solver (reprove_certificate), not each by a
  /// mex over the certificate's own values.
  bool afresh = false;
  /// N: the values the theorem needs (0 for closed forms).
  std::uint64_t values_needed = 0;
  /// The certificate's preperiod i, period p and saltus s.
  std::uint64_t preperiod = 0, period = 0;
  Value saltus = 0;
  /// reprove_certificate under the arithmetic theorem: the period p' and saltus s' of the shift
  /// check it redid (0: none).
  std::uint64_t shift_period = 0;
  Value shift_saltus = 0;
  /// Positions whose value was recomputed.
  std::uint64_t positions = 0;
  /// Options visited (for a recomputation afresh: the bound options_work gives).
  std::uint64_t options = 0;
  /// When it does not hold: the first thing found wrong.
  std::string failure;

  /// One sentence: what was checked and how (or what failed).
  std::string summary() const;
};

/// Checks `certificate` for `game`: the game's identity; the theorem (kind and parameters equal to
/// the one the game gets now); the counts (preperiod + period values, N = the theorem's need for
/// i and p, or for the arithmetic theorem the point of its shift check found again on the claim,
/// values checked >= N); that p is the least period and i the least preperiod of the claim (with
/// its saltus); the proof sentence; then the values by mex from the claimed sequence — every n < N
/// when that visits at most `max_work` options, else a spot check: always i-1, i, i+p-1, i+p and
/// N-1 (unless these alone visit more than kSpotHardLimitFactor times `max_work` options: then
/// the certificate does not hold), and up to `spot_positions` positions spread over 0..N-1, as
/// many as fit in what is left of `max_work`. Closed forms (residue, Nim) are compared with the
/// closed form. Never throws for a bad certificate: it does not hold.
CertificateCheck check_certificate(const Game& game, const PeriodCertificate& certificate,
                                   std::uint64_t max_work = kLoadCheckWork,
                                   std::uint64_t spot_positions = kSpotPositions);

/// The proof redone in full and independently of the certificate's values (`grundy period
/// --verify`): the same checks of identity, theorem and counts, then g(0..N-1) computed afresh
/// by the dense table solver, compared with the certificate, and the theorem's condition
/// g(n+p) = g(n) (+ saltus) checked on them for i <= n < N-p (and the arithmetic theorem's shift
/// check at its point, shift_check.hpp). Closed forms are compared with the
/// closed form and with g(0..1023) from the table. Throws ResourceError, naming `max_work`, when
/// the table would visit more options than that, or when it needs more memory than `limits`.
CertificateCheck reprove_certificate(const Game& game, const PeriodCertificate& certificate,
                                     const Limits& limits, std::uint64_t max_work,
                                     const DenseSolver::Progress& progress = {});

/// An upper bound of the options of heaps 0..n-1 of a heap game (saturating): what a table of
/// g(0..n-1) visits.
std::uint64_t options_work(const Game& game, std::uint64_t n);

}  // namespace grundy
