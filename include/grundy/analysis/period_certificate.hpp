#pragma once
/// \file A certificate of a proven period: everything needed to check the proof again without
/// trusting whoever wrote it — the game, the theorem, the preperiod, period and saltus, the values
/// of the preperiod and one period, how many values the theorem needs, and which engine made it
/// and when. The period cache stores certificates in the text form below (docs/file-formats.md),
/// and period_verifier.hpp checks them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/analysis/periodicity_theorem.hpp"

namespace grundy {

struct PeriodCertificate {
  /// The game's canonical spec (`0.77`, `sub(2,3,7)`): its rules and their parameters.
  std::string game;
  /// The theorem of the proof: kind and parameters (reach t, m or w, heaps h, modulus q or P).
  PeriodicityTheorem theorem;
  /// Preperiod i, period p, saltus, g(0..i+p-1), the values computed (values_checked) and the
  /// proof sentence.
  Periodicity periodicity;
  /// N: the theorem needs g(0..N-1) to prove preperiod i and period p (0 for closed forms).
  std::uint64_t values_needed = 0;
  /// The engine version that produced the certificate (kEngineVersion).
  std::string engine;
  /// When, in UTC: `YYYY-MM-DDTHH:MM:SSZ`.
  std::string date;
};

/// The first line of the text form; the number is the format version.
inline constexpr std::string_view kCertificateHeader = "grundy-period-certificate 2";

/// A certificate for a periodicity just proven for `game` under `theorem` by this engine, dated
/// now (or `date`).
PeriodCertificate make_certificate(const std::string& game, const PeriodicityTheorem& theorem,
                                   Periodicity periodicity, std::string date = {});

/// The current time in UTC in the certificate's date format.
std::string certificate_date_now();

/// The text form of a certificate (ends with its checksum line). Throws Error when a text field
/// holds a control byte (it could not be read back).
std::string serialise_certificate(const PeriodCertificate& certificate);

/// Parses the text form strictly: the exact layout serialise_certificate writes, decimal numbers
/// without sign or leading zeros that fit in 64 bits, preperiod + period values (at most
/// `max_values`, and never more than the text's bytes can hold, checked before anything is
/// allocated), and the checksum. Throws Error (only Error) naming the first problem; it never
/// reads past `text` nor allocates more than a small multiple of text.size(). Nothing is checked
/// against a game here: that is verify_certificate's work.
PeriodCertificate parse_certificate(std::string_view text, std::uint64_t max_values);

/// `window`, `take_break`, `residue`, `nim`, `arithmetic`, `lasker` (and `none` for
/// none_applies).
std::string_view theorem_kind_name(PeriodicityTheorem::Kind kind);

}  // namespace grundy
