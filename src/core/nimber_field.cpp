// The polynomial-basis tables of the nim-field, evaluated by the compiler (see nimber_field.hpp).
#include "nimber_field.hpp"

namespace grundy::detail {
namespace {

// Every nimber at or above 2^32 lies outside the subfield of nimbers below 2^32 (the largest
// proper subfield of GF(2^64)), so it has degree 64; the least such nimber is the generator.
constexpr NimField kField = build_nim_field(Value{1} << 32);
static_assert(kField.valid, "2^32 must generate the nim-field over GF(2)");

}  // namespace

constinit const NimFieldTables kNimField{
    .field = kField,
    .to_poly = byte_tables(kField.to_poly),
    .to_nimber = byte_tables(kField.to_nimber),
    .square = byte_tables(kField.square),
    .sqrt = byte_tables(kField.sqrt),
    .to_poly_gfni = gfni_matrix(kField.to_poly),
    .to_nimber_gfni = gfni_matrix(kField.to_nimber),
};

}  // namespace grundy::detail
