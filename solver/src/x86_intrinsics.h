// <immintrin.h> without GCC 12's false warnings inside its own AVX-512 headers ("__Y is used
// uninitialized", GCC bug 105593), which -Werror builds would stop on.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif
