// Tests of every scene in Scenes/ are added here.
