import ShopfloorCLI

ShopfloorMain.main()
