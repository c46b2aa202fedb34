// The census's JSON documents (census_document.hpp).
#include "grundy/census/census_document.hpp"

namespace grundy {

Document to_document(const CensusSummary& s, const std::string& database) {
  return {{"family", s.family},
          {"database", database},
          {"run", s.run},
          {"members", s.members},
          {"games", s.games},
          {"computed", s.computed},
          {"kept", s.kept},
          {"derived", s.derived},
          {"trivial", s.trivial},
          {"solved", s.solved},
          {"open", s.open},
          {"proven_equivalences", s.proven_equivalences},
          {"observed_equivalences", s.observed_equivalences},
          {"near_misses", s.near_misses},
          {"seconds", s.seconds},
          {"ranks", s.ranks},
          {"threads", s.threads}};
}

Document to_document(const MisereCensusSummary& s, const std::string& database,
                     std::uint64_t max_heap, std::uint64_t max_work) {
  return {{"family", s.family},
          {"database", database},
          {"play", "misere"},
          {"max_heap", max_heap},
          {"max_work", max_work},
          {"members", s.members},
          {"games", s.games},
          {"computed", s.computed},
          {"kept", s.kept},
          {"tame", s.tame},
          {"wild", s.wild},
          {"not_stabilised", s.not_stabilised},
          {"proven", s.proven},
          {"seconds", s.seconds},
          {"ranks", s.ranks},
          {"threads", s.threads}};
}

Document to_document(const CensusVerification& v, const std::string& database) {
  Document rows = Document::array();
  for (const RowCheck& r : v.rows) {
    rows.push_back({{"game", r.game},
                    {"kind", r.proven ? "certificate" : "sequence file"},
                    {"holds", r.holds},
                    {"complete", r.complete},
                    {"positions", r.positions},
                    {"summary", r.summary}});
  }
  return {{"database", database},
          {"certificates", v.certificates},
          {"complete", v.complete},
          {"spot_checked", v.spot_checked},
          {"sequence_files", v.sequence_files},
          {"failed", v.failed},
          {"rows", rows}};
}

}  // namespace grundy
