// Reference loops for the particles benchmarks (see Sources/Benchmarks/Cases).
#pragma once
#include <stddef.h>
#include <stdint.h>
