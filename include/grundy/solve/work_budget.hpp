#pragma once
/// \file The work budget of a table: the memory limit alone does not bound the time when each
/// value has many options, so a solver estimates the steps a request takes before it starts and
/// refuses at once what would take far longer than a person waits.

#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

/// "3*10^10" for step counts in messages; "more than 1.8*10^19" for a saturated count.
std::string about_steps(std::uint64_t steps);

/// Throws ResourceError "`what` needs about N steps to fill, above the limit of M (about a minute
/// of work)" when `steps` passes `limit`, a solver's budget in its own steps.
void require_work(std::uint64_t steps, std::uint64_t limit, std::string_view what);

}  // namespace grundy
