print("menu-serve")
