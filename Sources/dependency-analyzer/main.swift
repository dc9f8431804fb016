print("dependency-analyzer: not built yet")
