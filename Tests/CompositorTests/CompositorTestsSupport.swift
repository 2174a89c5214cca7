// Tests of the Compositor module are added here.
