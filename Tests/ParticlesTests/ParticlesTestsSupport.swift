// Tests of the Particles module are added here.
