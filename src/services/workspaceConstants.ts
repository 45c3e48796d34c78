/** The constants a workspace defines, in the shape of the built-in ones (category "session"). */
import type { Constant } from "../engine/constants/Constants.ts"
import type { WorkspaceData } from "./Workspace.ts"

export const workspaceConstants = (data: WorkspaceData): Array<Constant> => data.constants.map((c) => ({ ...c, aliases: [], category: "session" }))
