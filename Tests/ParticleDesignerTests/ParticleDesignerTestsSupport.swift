// Tests of the ParticleDesigner module are added here.
