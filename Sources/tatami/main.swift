import TatamiCLI

