// Reference loops for the physics benchmarks (see Sources/Benchmarks/Cases).
#pragma once
#include <stddef.h>
#include <stdint.h>
