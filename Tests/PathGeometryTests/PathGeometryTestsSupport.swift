// Tests of the PathGeometry module are added here.
