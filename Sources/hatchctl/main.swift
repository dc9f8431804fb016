print("hatchctl: not built yet")
