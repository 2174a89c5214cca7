// Tests of the EmitterKit module are added here.
