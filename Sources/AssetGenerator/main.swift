// emitter-assets: writes the project's PNG sprites into assets/. The generators arrive with the scene catalogue.
import Foundation
FileHandle.standardError.write(Data("emitter-assets: no generators yet\n".utf8))
exit(1)
