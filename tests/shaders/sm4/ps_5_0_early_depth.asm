// ps_5_0: dcl_globalFlags forceEarlyDepthStencil with other flags.
ps_5_0
dcl_globalFlags refactoringAllowed | forceEarlyDepthStencil | enableMinimumPrecision
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
