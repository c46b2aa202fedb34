// An engine header that would hand the faces what they must not use (for the check's own test:
// it must be refused).
#include "grundy/rules/sum.hpp"
#include "grundy/solve/evaluator.hpp"
