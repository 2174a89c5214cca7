// Tests of the Typesetting module are added here.
