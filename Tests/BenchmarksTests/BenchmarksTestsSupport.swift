// Tests of the Benchmarks module are added here.
