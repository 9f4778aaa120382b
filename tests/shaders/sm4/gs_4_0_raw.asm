// gs_4_0 reading a raw buffer (D3D11.3 18.7.2.4, with enableRawAndStructuredBuffers): the
// record of each input point (byte address id * 16, four words) places and colours the point
// it emits.
gs_4_0
dcl_globalFlags refactoringAllowed | enableRawAndStructuredBuffers
dcl_resource_raw t0
dcl_input_siv v[1][0].xyzw, position
dcl_input v[1][1].x
dcl_temps 2
dcl_inputprimitive point
dcl_outputtopology pointlist
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 1
ishl r0.x, v[0][1].x, l(4)
ld_raw r1.xyzw, r0.x, t0.xyzw
mov o0.xy, r1.xyxx
mov o0.zw, l(0, 0, 0, 1.0)
mov o1.xy, r1.zwzz
mov o1.zw, l(0, 0, 0, 1.0)
emit
ret
