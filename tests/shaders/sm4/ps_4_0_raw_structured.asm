// ps_4_0 reading raw and structured buffers (the D3D10_X_HARDWARE_OPTIONS additions to the 4_x
// shader models, D3D11.3 18.7.2.4), enabled by dcl_globalFlags enableRawAndStructuredBuffers.
ps_4_0
dcl_globalFlags refactoringAllowed | enableRawAndStructuredBuffers
dcl_resource_structured t0, 8
dcl_resource_raw t1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 2
ftou r0.x, v0.x
ld_structured r1.x, r0.x, l(4), t0.xxxx
ishl r0.y, r0.x, l(2)
ld_raw r1.y, r0.y, t1.xxxx
utof r1.xy, r1.xyxx
mul o0.xy, r1.xyxx, l(0.00392156863, 0.00392156863, 0, 0)
mov o0.zw, l(0, 0, 0, 1.0)
ret
