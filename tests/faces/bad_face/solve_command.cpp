// A face that reaches past the engine (for the check's own test: it must be refused).
#include "grundy/engine/engine.hpp"
#include "grundy/solve/sum_solver.hpp"
