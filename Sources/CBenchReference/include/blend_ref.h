// Reference loops for the blend benchmarks (see Sources/Benchmarks/Cases).
#pragma once
#include <stddef.h>
#include <stdint.h>
