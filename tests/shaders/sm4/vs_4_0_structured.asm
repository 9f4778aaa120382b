// vs_4_0 reading a structured buffer by SV_VertexID (the D3D10_X_HARDWARE_OPTIONS additions to
// the 4_x shader models, D3D11.3 18.7.2.4), enabled by dcl_globalFlags
// enableRawAndStructuredBuffers: the position at byte 0 of structure id, the colour at byte 8.
vs_4_0
dcl_globalFlags refactoringAllowed | enableRawAndStructuredBuffers
dcl_resource_structured t0, 16
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
ld_structured r0.xy, v0.x, l(0), t0.xyxx
ld_structured r1.xy, v0.x, l(8), t0.xyxx
mov o0.xy, r0.xyxx
mov o0.zw, l(0, 0, 0, 1.0)
mov o1.xy, r1.xyxx
mov o1.zw, l(0, 0, 0, 1.0)
ret
