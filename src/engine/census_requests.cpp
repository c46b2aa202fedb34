// The requests a census makes of the engine (engine.hpp): one game's period run, and the checks
// of what a census stored (certificates, sequence files). The misère census's request,
// quotient_verified, is with the other quotient requests (quotient.cpp).
#include "grundy/analysis/period_run.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {

PeriodRun Engine::period_run(std::shared_ptr<const Game> game,
                             const PeriodRunBudget& budget) const {
  return run_period(game, budget, limits_);
}

CertificateCheck Engine::check_certificate(const Game& game, const PeriodCertificate& certificate,
                                           std::uint64_t max_work) {
  return grundy::check_certificate(game, certificate, max_work);
}

std::uint64_t Engine::check_sequence(const Game& game, const SequenceFile& file,
                                     std::uint64_t max_work) {
  if (file.game() != game.name()) {
    throw Error("the sequence file '" + file.path().string() + "' holds " + file.game() + ", not " +
                game.name());
  }
  return file.with_values(file.count(),
                          [&](auto g) { return spot_check_values(game, g, max_work); });
}

}  // namespace grundy
