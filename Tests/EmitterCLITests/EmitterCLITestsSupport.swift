// Tests of the EmitterCLI module are added here.
