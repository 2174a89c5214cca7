// Tests of the Physics module are added here.
