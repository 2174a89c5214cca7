print("emitter")
