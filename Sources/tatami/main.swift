import TatamiCLI

TatamiCommand.run()
