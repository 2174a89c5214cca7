// Tests of the SceneFormat module are added here.
