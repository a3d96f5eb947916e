// The diagnostic shape of the language's passes: the one shape of runtime/diagnostic.hpp, named in lang.
#pragma once
#include "runtime/diagnostic.hpp"

namespace spades::lang {
using spades::diag_error;
using spades::diagnostic;
using spades::did_you_mean;
using spades::nearest;
using spades::note;
using spades::pos;
using spades::printable;
using spades::sources;
}  // namespace spades::lang
