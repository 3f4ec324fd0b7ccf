import TatamiCLI
import TatamiServices

Allocator.configureForBatchWork()
TatamiCommand.run()
